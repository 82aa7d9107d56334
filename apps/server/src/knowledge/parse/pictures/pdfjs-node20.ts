/**
 * pdf.js's operator list (what the PDF pictures are found by) packs font data with
 * ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks (Node 21 has it): the first
 * page that loads a font would lose the rest of its operators, pictures included. The text
 * parser never takes that path. This adds the method as the standard describes it, except that
 * the old buffer stays usable (nothing in pdf.js reads it again).
 */
export function ensureTransferToFixedLength(): void {
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (typeof proto.transferToFixedLength === 'function') return;
  Object.defineProperty(proto, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}
