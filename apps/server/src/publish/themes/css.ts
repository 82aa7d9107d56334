/** Joins declarations; a property named again replaces the earlier one, so none is written twice. */
export function css(...parts: string[]): string {
  const declarations = new Map<string, string>();
  for (const part of parts) {
    for (const declaration of part.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
  }
  return Array.from(declarations, ([property, value]) => `${property}: ${value};`).join(' ');
}
