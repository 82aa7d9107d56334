import { FileCheck2, PenLine, Sparkles } from 'lucide-react';

const POINTS = [
  { icon: PenLine, title: '填写主题和设置', text: '在左侧输入文章主题，选择受众、风格、篇幅和发布平台。' },
  { icon: Sparkles, title: 'AI 分步创作', text: '搜索资料、分析主题、生成大纲并撰写各章节，进度实时显示。' },
  { icon: FileCheck2, title: '预览与使用', text: '完成后可在此预览全文，复制、在线编辑或反馈意见。' },
] as const;

/** The preview panel before any run: how it works, in three points. */
export function IdleState() {
  return (
    <section data-testid="generation-idle" className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-6 sm:p-8">
      <h2 className="text-base font-semibold text-slate-900">文章将在这里生成</h2>
      <p className="mt-1 text-sm text-slate-500">三步完成一篇高质量文章：</p>
      <ol className="mt-5 space-y-4">
        {POINTS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-800">
                {index + 1}. {title}
              </p>
              <p className="text-sm break-words text-slate-500">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
