/**
 * Where a PDF page paints its images: pdf.js's operator list replayed for the current
 * transformation matrix only (save, restore, cm, form XObjects), since an image is drawn into the
 * unit square of the matrix in force. Pure: the operator codes come from the caller's pdf.js.
 */
export type Matrix = readonly [number, number, number, number, number, number];

export interface Rect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface PlacedImage {
  /** The image's object id (page.objs, or commonObjs for ids starting with g_), or its inline data. */
  source: { objId: string } | { inline: unknown };
  /** In the page's user space (points, y upwards): the space pdf.js gives text positions in. */
  rect: Rect;
}

export interface PlacementOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  beginAnnotation: number;
  endAnnotation: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 × m2 as pdf.js's Util.transform: m2 applied first. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/** The unit square through the matrix, as the rectangle that bounds it. */
export function unitSquareRect(m: Matrix): Rect {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([x, y]) => [m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
}

const asMatrix = (value: unknown): Matrix | null =>
  (Array.isArray(value) || ArrayBuffer.isView(value)) && (value as ArrayLike<number>).length === 6 ? (Array.from(value as ArrayLike<number>) as unknown as Matrix) : null;

export function placeImages(fnArray: readonly number[], argsArray: readonly unknown[], ops: PlacementOps): PlacedImage[] {
  const placed: PlacedImage[] = [];
  const stack: Matrix[] = [];
  let ctm = IDENTITY;
  // Annotation appearances (stamps, signatures) are not the document's pictures.
  let inAnnotation = 0;
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[] | null;
    switch (fn) {
      case ops.save:
        stack.push(ctm);
        break;
      case ops.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case ops.transform: {
        const m = asMatrix(args);
        if (m) ctm = multiply(ctm, m);
        break;
      }
      case ops.paintFormXObjectBegin: {
        stack.push(ctm);
        const m = asMatrix(args?.[0]);
        if (m) ctm = multiply(ctm, m);
        break;
      }
      case ops.paintFormXObjectEnd:
        ctm = stack.pop() ?? ctm;
        break;
      case ops.beginAnnotation:
        inAnnotation += 1;
        break;
      case ops.endAnnotation:
        inAnnotation = Math.max(0, inAnnotation - 1);
        break;
      case ops.paintImageXObject:
        if (inAnnotation === 0 && typeof args?.[0] === 'string') placed.push({ source: { objId: args[0] }, rect: unitSquareRect(ctm) });
        break;
      case ops.paintInlineImageXObject:
        if (inAnnotation === 0 && args?.[0]) placed.push({ source: { inline: args[0] }, rect: unitSquareRect(ctm) });
        break;
    }
  });
  return placed;
}
