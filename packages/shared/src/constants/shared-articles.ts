// Not in site.ts: the home page's entry chunk imports site.ts whole, and this text is for the share page only.

/** What a shared article's page says when an operator hid it (issue 21): the server's 404 message and the page's notice. */
export const SHARED_ARTICLE_HIDDEN_TEXT = '该文章已被平台隐藏，无法查看';
