import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { adminKeys } from './admin-api';
import { SMALL_BUTTON } from './admin-table';
import { resetQuestion } from './provider-labels';
import { type ProviderInfo, providerKeys, resetProvider } from './providers-api';
import { useStepUp } from './step-up';

function ResetDialog({ info, onClose, onReset }: { info: ProviderInfo; onClose: () => void; onReset: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const mutation = useMutation({
    mutationFn: (reason: string) => run(() => resetProvider(info.kind, reason || undefined)),
    onSuccess: ({ removed }) => {
      toast.success(removed ? `${info.label}已恢复默认` : `${info.label}已是默认设置`);
      void queryClient.invalidateQueries({ queryKey: providerKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onReset();
    },
  });
  return (
    <ActionDialog
      title={`恢复默认：${info.label}`}
      submitLabel="确认恢复"
      danger
      reasonRequired={false}
      description={
        <>
          <p>{resetQuestion(info.kind)}</p>
          <p className="mt-1 text-slate-500">控制台保存的设置（包括密钥）会被删除。</p>
        </>
      }
      busy={mutation.isPending}
      error={mutation.error}
      onSubmit={(reason) => mutation.mutate(reason)}
      onClose={onClose}
    />
  );
}

/** 恢复默认: removes the console's setting of a kind after a confirmation and the password. */
export function ProviderReset({ info, onReset }: { info: ProviderInfo; onReset: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={SMALL_BUTTON} onClick={() => setAsking(true)}>
        恢复默认
      </button>
      {asking && (
        <ResetDialog
          info={info}
          onClose={() => setAsking(false)}
          onReset={() => {
            setAsking(false);
            onReset();
          }}
        />
      )}
    </>
  );
}
