/** Our online editor for one article (`/editor?articleId=&deepspaceId=`), opened in a new tab. */
export function editorUrl(articleId: string, deepspaceId: number | string): string {
  return `/editor?${new URLSearchParams({ articleId, deepspaceId: String(deepspaceId) })}`;
}

export function openEditor(articleId: string, deepspaceId: number | string): void {
  window.open(editorUrl(articleId, deepspaceId), '_blank', 'noopener,noreferrer');
}
