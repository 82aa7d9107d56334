import { type Draft, finishedCount } from '../../../features/generation/draft-sections';

interface DraftPreviewProps {
  draft: Draft;
}

/** A block of a section's markdown as the draft shows it: a sub-heading, or a paragraph without its marks. */
function blocksOf(markdown: string): { heading: boolean; text: string }[] {
  return markdown
    .split(/\n{2,}/u)
    .map((block) => block.trim())
    .filter((block) => block !== '' && !block.startsWith('!['))
    .map((block) => {
      const heading = /^#{1,6}\s/u.test(block);
      const text = block
        .replace(/^#{1,6}\s+/u, '')
        .replace(/\*\*([^*]+)\*\*/gu, '$1')
        .replace(/\[(\d+)\]/gu, '');
      return { heading, text };
    });
}

/**
 * The article as far as it is written (issue 19, point 1): every section of the outline in
 * order, the finished ones filled in, the one a model is writing growing, the rest waiting. The
 * final article replaces it when the task completes.
 */
export function DraftPreview({ draft }: DraftPreviewProps) {
  const byIndex = new Map(draft.sections.map((section) => [section.index, section]));
  const places = Array.from({ length: draft.total }, (_, place) => ({ place, section: byIndex.get(place) }));
  return (
    <section aria-label="文章草稿" data-testid="draft-preview" className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <header className="mb-4 flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">文章草稿</h2>
        <p className="text-sm text-slate-500" data-testid="draft-count">
          已写好 {finishedCount(draft)}/{draft.total} 节
        </p>
      </header>
      <ol className="space-y-5">
        {places.map(({ place, section }) => {
          if (!section) {
            return (
              <li key={place} data-testid="draft-pending" className="rounded-lg border border-dashed border-slate-200 px-3 py-2 text-sm text-slate-400">
                第 {place + 1} 节 · 待撰写
              </li>
            );
          }
          return (
            <li key={place} data-testid="draft-section" data-done={section.done} className="space-y-2">
              <h3 className="text-base font-semibold text-slate-900">{section.title}</h3>
              {blocksOf(section.content).map((block, i) =>
                block.heading ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
                  <p key={i} className="font-medium text-slate-800">
                    {block.text}
                  </p>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
                  <p key={i} className="text-sm leading-7 whitespace-pre-line break-words text-slate-700">
                    {block.text}
                  </p>
                ),
              )}
              {!section.done && (
                <p role="status" className="text-xs text-indigo-600">
                  正在撰写...
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
