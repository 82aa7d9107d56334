import { writeOffline } from '../helpers/offline-article.js';

/**
 * Sources for the 一稿多发 tests: two articles written by the offline writer on unrelated topics,
 * and one written by hand as a user would (pictures, a list, numbers, a 总结 section).
 */

export const CYCLING = {
  title: '城市通勤骑行一年，我总结了这些经验',
  imageUrl: '/media/articles/cycling-cover.png',
  content: `# 城市通勤骑行一年，我总结了这些经验

![清晨的自行车道](/media/articles/cycling-cover.png)

从家到公司单程8公里，我骑了整整一年。地铁要换乘两次，骑车反而稳定在30分钟左右。

## 选车：先想清楚路况

城市通勤最常见的是公路车、折叠车和带变速的城市车。路面坑洼多的话，胎宽至少选32毫米，舒适度差别很明显。

折叠车适合需要接驳地铁的人，但小轮径在长距离上更费力。我最后选了一辆带挡泥板和货架的城市车，下雨天裤腿也不会溅湿。

![带挡泥板的城市车](/media/articles/cycling-bike.jpg)

## 安全：灯和头盔不能省

前灯亮度建议在400流明以上，尾灯要能闪烁。头盔买有国标认证的，价格不用太高。

路口是最危险的地方。右转的大车有视线盲区，宁可停下来等一等。

- 每周检查一次胎压
- 刹车片磨到标记线就换
- 雨天刹车距离会变长

## 天气和换洗

夏天最头疼的是出汗。我在公司放了一套换洗衣服和毛巾，到了先去洗手间简单擦一擦。

冬天骑车手最冷，一副防风手套比厚外套更管用。气温低于零下五度或者有大风的日子，我会改坐地铁。

## 总结

骑车通勤省下的不只是车费，还有每天固定的运动时间。一年下来，体重降了4公斤，也更清楚自己的体力边界。

如果你的单程在10公里以内，不妨先借一辆共享单车试骑一周。
`,
};

/** The offline writer's articles, made once per test file. */
export async function offlineSources() {
  const skincare = await writeOffline('春季护肤', { type: 'practical_guide', length: 1500 });
  const milkTea = await writeOffline('为什么县城的奶茶店越开越多', { type: 'analysis_commentary_opinion', length: 1500 });
  return [
    { name: '春季护肤', topic: '春季护肤', title: '', imageUrl: null, content: skincare.text },
    { name: '县城奶茶店', topic: '为什么县城的奶茶店越开越多', title: '', imageUrl: null, content: milkTea.text },
  ];
}
