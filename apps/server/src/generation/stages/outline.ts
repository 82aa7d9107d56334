import type { Outline } from '../agents/types.js';

/**
 * The budgets of an outline must add up to the target length. A model's arithmetic is not
 * trusted: budgets are scaled proportionally, rounded, and the rounding rest goes to the longest
 * section. Sections without a usable budget share the length evenly.
 */
export function fitBudgets(outline: Outline, target: number): Outline {
  const sections = outline.sections.filter((section) => section.heading.trim());
  if (sections.length === 0) throw new Error('outline has no sections');
  const raw = sections.map((section) => (Number.isFinite(section.budget) && section.budget > 0 ? section.budget : 0));
  const total = raw.reduce((sum, n) => sum + n, 0);
  const shares = total > 0 ? raw.map((n) => (n > 0 ? n / total : 0)) : raw.map(() => 1 / raw.length);
  const floor = Math.max(30, Math.floor(target / (sections.length * 4)));
  const budgets = shares.map((share) => Math.max(floor, Math.round(share * target)));
  const rest = target - budgets.reduce((sum, n) => sum + n, 0);
  const longest = budgets.indexOf(Math.max(...budgets));
  budgets[longest] = Math.max(1, budgets[longest]! + rest);
  return { title: outline.title, sections: sections.map((section, i) => ({ ...section, budget: budgets[i]! })) };
}
