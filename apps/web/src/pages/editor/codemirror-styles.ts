import { StyleModule } from 'style-mod';

let adopted = false;

/**
 * NOTE: CodeMirror's style-mod writes the editor's CSS into a <style> element when mounted on a
 * document (it uses a constructed sheet in `adoptedStyleSheets` only for shadow roots), and our CSP
 * (style-src 'self') blocks that element. Mounting once through a view of the document that has no
 * `head` makes style-mod keep its rules in a constructed sheet adopted by the document, which the
 * CSP allows; CodeMirror's own mounts on the document find and reuse that set (decision 063).
 */
export function adoptCodeMirrorStyles(doc: Document = document): void {
  if (adopted || !('adoptedStyleSheets' in doc) || typeof CSSStyleSheet === 'undefined') return;
  adopted = true;
  const withoutHead = new Proxy(doc, {
    get: (target, key) => (key === 'head' || key === 'ownerDocument' ? null : Reflect.get(target, key, target)),
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
  StyleModule.mount(withoutHead, []);
}
