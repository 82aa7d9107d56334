/** What a platform's writer gives back: the new article's title and text, its cover, and what metadata keeps (hashtags, covers, timings). */
export interface RepurposeDraft {
  title: string;
  /** Markdown, opening with `# title`. */
  markdown: string;
  coverUrl: string | null;
  extra: Record<string, unknown>;
}
