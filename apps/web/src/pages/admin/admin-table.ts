/** Class names of the console's tables; a table scrolls inside its own box on a phone. */
export const TABLE_BOX = 'overflow-x-auto rounded-xl border border-slate-200 bg-white';
export const TABLE = 'min-w-full divide-y divide-slate-200 text-sm';
export const TH = 'whitespace-nowrap bg-slate-50 px-3 py-2 text-left font-medium text-slate-600';
export const TD = 'px-3 py-2 align-top text-slate-700';
export const SMALL_BUTTON = 'whitespace-nowrap rounded-lg border border-slate-300 px-2.5 py-1 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-50';
export const NOTE = 'rounded-xl border border-slate-200 bg-white px-4 py-8 text-center text-sm text-slate-500';
export const SELECTED_CHIP = 'rounded-full bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white';
export const CHIP = 'rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50';
