import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../components/account/TextField';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { type AdminOrder, adminKeys, refundOrder } from './admin-api';
import { newRequestId, yuan } from './admin-format';
import { useStepUp } from './step-up';

/** What can still go back: paid, minus refunded and refunds under way. */
export const refundableFen = (order: AdminOrder) => (order.paidAt ? Math.max(0, order.amountFen - order.refundedFen - order.refundingFen) : 0);

/** 元 typed (up to two decimals) → 分, or the reason it cannot be refunded. */
export function parseYuan(text: string, maxFen: number): { fen: number } | { problem: string } {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { problem: '请输入金额（元），最多两位小数' };
  const fen = Math.round(Number(trimmed) * 100);
  if (fen <= 0) return { problem: '退款金额必须大于0' };
  if (fen > maxFen) return { problem: `最多可退 ¥${yuan(maxFen)}` };
  return { fen };
}

/** Refunds an order in full or in part; the answer names the refund's state (WeChat may take a while). */
export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const max = refundableFen(order);
  const [amount, setAmount] = useState(yuan(max));
  // One id per amount typed: a second click (or the repeat after the password) refunds once.
  const [requestId, setRequestId] = useState(newRequestId);
  const parsed = parseYuan(amount, max);

  const mutation = useMutation({
    mutationFn: (reason: string) => {
      if (!('fen' in parsed)) throw new Error(parsed.problem);
      return run(() => refundOrder(order.outTradeNo, { amountFen: parsed.fen, reason, requestId }));
    },
    onSuccess: (refund) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      const amountText = 'fen' in parsed ? `¥${yuan(parsed.fen)}` : '';
      if (refund.status === 'failed') {
        toast.error(`退款失败${refund.refund?.failReason ? `：${refund.refund.failReason}` : ''}`);
      } else {
        toast.success(refund.status === 'refunded' ? `已退款 ${amountText}` : `退款 ${amountText} 已提交，正在处理`);
      }
      onClose();
    },
  });

  return (
    <ActionDialog
      title="退款"
      submitLabel="确认退款"
      danger
      invalid={'problem' in parsed ? parsed.problem : null}
      busy={mutation.isPending}
      error={mutation.error}
      onSubmit={(reason) => mutation.mutate(reason)}
      onClose={onClose}
      description={
        <p>
          订单 {order.outTradeNo}（{order.username}，{order.description}）实付 ¥{yuan(order.amountFen)}，最多可退 ¥{yuan(max)}
          。退款会按比例收回金币（不足部分记为欠款），高级版按比例缩短。
        </p>
      }
    >
      <TextField
        label="退款金额（元）"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(text) => {
          setAmount(text);
          setRequestId(newRequestId());
        }}
      />
    </ActionDialog>
  );
}
