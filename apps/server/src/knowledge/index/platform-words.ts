/**
 * Words of the content platforms our users write for, which jieba's default dictionary splits
 * (小红书 → 小红书种 + 草, 公众号 → 公众 + 号). Loaded into jieba as a user dictionary:
 * "word frequency" per line. The frequency only has to beat the pieces' own scores; a very high
 * one would also swallow neighbours (种草莓 → 种草 + 莓).
 */
const PLATFORM_WORDS = `
小红书 种草 拔草 长草 笔记 公众号 服务号 订阅号 视频号 知乎 抖音 快手 微博 微信 朋友圈 企业微信
头条号 百家号 今日头条 哔哩哔哩 B站 b站 UP主 up主 小程序 直播间 短视频 图文 私域 公域 流量池 带货 直播带货
爆款 爆文 涨粉 掉粉 起号 人设 达人 博主 网红 KOL KOC 探店 测评 干货 引流 转化率 复购 客单价
文案 标题党 热搜 话题 矩阵号 蓝V 铁粉 私信 评论区 社群 裂变 变现 GMV ROI SEO 关键词 投流
`;

const FREQUENCY = 20_000;

export const PLATFORM_WORD_LIST: readonly string[] = PLATFORM_WORDS.split(/\s+/).filter(Boolean);

/** The user dictionary in jieba's text format. */
export const platformDictionary = (): Uint8Array =>
  Buffer.from(PLATFORM_WORD_LIST.map((word) => `${word} ${FREQUENCY}`).join('\n'), 'utf8');
