import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from '../../components/ui/Modal';
import { buttonClass } from '../../components/ui/button-styles';

export const LEAVE_QUESTION = '有未保存的更改，确定离开吗？';

/**
 * While `when` holds: the browser asks before the tab closes or reloads, and an in-app
 * navigation waits for 留下 / 离开. Needs a data router (useBlocker).
 */
export function LeaveGuard({ when }: { when: boolean }) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // NOTE: older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal label={LEAVE_QUESTION} onClose={() => blocker.reset()}>
      <p className="text-sm text-slate-600">离开后，本次修改将会丢失。</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={() => blocker.reset()} className={buttonClass('secondary')}>
          留下
        </button>
        <button type="button" onClick={() => blocker.proceed()} className={buttonClass('primary')}>
          离开
        </button>
      </div>
    </Modal>
  );
}
