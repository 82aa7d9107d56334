import { PLANS } from '@tianma/shared';
import { Check, X } from 'lucide-react';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { COMPARISON_ROWS, type ComparisonCell } from './comparison-rows';

function Cell({ value }: { value: ComparisonCell }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <Check aria-hidden="true" className="mx-auto size-5 text-emerald-500" />
      <span className="sr-only">支持</span>
    </>
  ) : (
    <>
      <X aria-hidden="true" className="mx-auto size-5 text-slate-300" />
      <span className="sr-only">不支持</span>
    </>
  );
}

export function PlanComparison() {
  return (
    <section aria-labelledby="plan-comparison" className="bg-white px-4 py-16">
      <div className="mx-auto max-w-4xl">
        <SectionHeading id="plan-comparison" title="方案对比" />
        {/*
          Narrow screens: smaller cells whose texts wrap, so the four columns fit a 390 px phone
          instead of cutting the last plan off at the edge; the box still scrolls sideways should a
          text not wrap. relative: the sr-only cell texts are absolutely positioned and must scroll
          with the table.
        */}
        <div className="relative overflow-x-auto rounded-2xl ring-1 ring-slate-200" data-testid="plan-comparison-scroll">
          <table aria-labelledby="plan-comparison" className="w-full text-xs sm:min-w-[520px] sm:text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-2 py-3 text-left font-semibold text-slate-700 sm:px-4">
                  功能
                </th>
                {PLANS.map((plan) => (
                  <th key={plan.id} scope="col" className="px-2 py-3 text-center font-semibold text-slate-700 sm:px-4">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {COMPARISON_ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="px-2 py-3 text-left font-medium text-slate-700 sm:px-4">
                    {row.label}
                  </th>
                  {PLANS.map((plan) => (
                    <td key={plan.id} className="px-2 py-3 text-center break-words text-slate-600 sm:px-4">
                      <Cell value={row.cells[plan.id]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
