import { isImageInstruction } from '@tianma/shared';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * Article markdown as HTML, safely: raw HTML in the markdown is not rendered (react-markdown's
 * default), the result passes rehype-sanitize's GitHub schema, and link and image addresses keep
 * only http, https, irc, ircs, mailto, xmpp and relative URLs (spec §5; others become empty).
 */
export function MarkdownView({ markdown, className = '' }: { markdown: string; className?: string }) {
  return (
    <div className={`markdown-body ${className}`.trim()}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        urlTransform={safeUrl}
        components={{ a: ExternalLink, img: LazyImage }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}

function safeUrl(url: string): string {
  return defaultUrlTransform(url);
}

function ExternalLink({ href, children }: { href?: string; children?: React.ReactNode }) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/**
 * An image of the article. Alt text written for an image model (「暖色调插画…」) or a placeholder
 * (「封面」), as older articles carry, is no description for a reader: the image is then decorative.
 */
function LazyImage({ src, alt }: { src?: string | Blob; alt?: string }) {
  if (typeof src !== 'string' || !src) return null;
  const text = alt && !isImageInstruction(alt) ? alt : '';
  return <img src={src} alt={text} loading="lazy" referrerPolicy="no-referrer" />;
}
