/** Class names shared by the account forms (sign-in, register, reset, profile). */
export const LABEL_CLASS = 'block text-sm font-medium text-slate-700';

// text-base keeps iOS Safari from zooming into the field on focus.
export const INPUT_CLASS =
  'w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 outline-none placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100 disabled:bg-slate-50';
