import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type CreationTab = 'create' | 'articles';

/**
 * The chosen tab lives in the URL (?tab=articles), so a reload keeps it and the timeout card's
 * button can switch to my articles by changing the query alone.
 */
export function useCreationTab(): [CreationTab, (tab: CreationTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: CreationTab = params.get('tab') === 'articles' ? 'articles' : 'create';
  const select = useCallback(
    (next: CreationTab) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'articles') updated.set('tab', 'articles');
          else updated.delete('tab');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [tab, select];
}
