import { Bot, Images, Library, Share2 } from 'lucide-react';
import { type Feature, FeatureGrid } from '../../components/ui/FeatureCard';
import { SectionHeading } from '../../components/ui/SectionHeading';

const PLATFORM_NAMES = ['公众号', '小红书', '知乎', '头条', '抖音', '快手'];

const HOME_FEATURES: readonly Feature[] = [
  {
    icon: Bot,
    title: '多智能体全流程内容创作',
    description: '选题分析、资料检索、大纲规划、分章写作到整合润色，多个智能体分工协作，一次完成整篇长文。',
  },
  {
    icon: Share2,
    title: '多平台内容创作',
    description: (
      <>
        <p>按各平台的风格、篇幅与读者习惯自动调整写法。</p>
        <ul aria-label="支持的平台" className="mt-3 flex flex-wrap gap-1.5">
          {PLATFORM_NAMES.map((name) => (
            <li key={name} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {name}
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    icon: Images,
    title: '多模态创作，自动图文匹配',
    description: '根据段落语义规划配图位置，自动生成或检索合适的图片，图文自然融合。',
  },
  {
    icon: Library,
    title: '深度创作：联网检索 + 本地知识库',
    description: '实时联网搜索最新资料，结合你上传的文档构建知识库，观点有据、来源可查。',
  },
];

export function HomeFeatures() {
  return (
    <section aria-labelledby="home-features" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="home-features" title="核心能力" subtitle="从一个想法到一篇可发布的长文，交给天马的智能体团队" />
        <FeatureGrid features={HOME_FEATURES} />
      </div>
    </section>
  );
}
