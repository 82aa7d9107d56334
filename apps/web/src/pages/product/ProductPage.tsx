import { DatabaseZap, PenLine, ScanSearch, TrendingUp } from 'lucide-react';
import { useGatedHref } from '../../auth/use-gated-href';
import { CtaBanner } from '../../components/ui/CtaBanner';
import { type Feature, FeatureGrid } from '../../components/ui/FeatureCard';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { TechAdvantages } from './TechAdvantages';

const PRODUCT_FEATURES: readonly Feature[] = [
  {
    icon: ScanSearch,
    title: '在线深度优化与图片语义搜索',
    description: '成稿后可在线编辑、继续深度打磨；按段落语义检索最贴切的配图，告别图文不符。',
  },
  {
    icon: DatabaseZap,
    title: '检索增强知识库：联网搜索 + 上传资料',
    description: '联网获取最新信息，同时读取你上传的 PDF、Word 等资料，让文章既新又准。',
  },
  {
    icon: PenLine,
    title: '参考文章仿写',
    description: '提供一篇喜欢的文章链接或正文，智能体提炼其结构与语气，写出风格相近的原创内容。',
  },
  {
    icon: TrendingUp,
    title: 'SEO 优化',
    description: '智能推荐关键词，针对目标平台优化标题与正文，让内容更容易被搜索和推荐。',
  },
];

export function ProductPage() {
  const gated = useGatedHref();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 pt-16 pb-12 text-center sm:pt-20">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">产品介绍</h1>
        <p className="mx-auto mt-4 max-w-2xl text-slate-600">
          天马把一支写作团队装进了浏览器：研究员负责检索，策划负责大纲，写手并行撰写各个章节，编辑统一润色与配图。
        </p>
      </section>
      <section aria-labelledby="product-features" className="px-4 py-12">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="product-features" title="功能亮点" />
          <FeatureGrid features={PRODUCT_FEATURES} />
        </div>
      </section>
      <TechAdvantages />
      <CtaBanner
        title="准备好开始了吗？"
        text="输入一个主题，几分钟后收获一篇结构完整、图文并茂的文章。"
        buttonLabel="开始创作"
        to={gated('/create')}
      />
    </>
  );
}
