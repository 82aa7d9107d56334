import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { type AdminTask, adminKeys, fetchTasks, type TaskFilter, taskAction } from './admin-api';
import { beijingTime, count, errorMessage } from './admin-format';
import { CHIP, NOTE, SELECTED_CHIP, SMALL_BUTTON, TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { Pager } from './Pager';
import { stageLabel, stepLabel } from './stage-labels';
import { useStepUp } from './step-up';

const FILTERS: { value: TaskFilter; label: string }[] = [
  { value: 'failed', label: '失败' },
  { value: 'running', label: '进行中' },
  { value: 'stuck', label: '卡住' },
];

const STATUS_LABELS: Record<string, string> = { queued: '排队中', running: '进行中', error: '失败', completed: '已完成', cancelled: '已取消' };

type Acting = { task: AdminTask; action: 'retry' | 'cancel' };

function TaskActionDialog({ task, action, onClose }: Acting & { onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const mutation = useMutation({
    mutationFn: (reason: string) => run(() => taskAction(task.taskId, action, reason)),
    onSuccess: () => {
      toast.success(action === 'retry' ? '已重新提交任务' : '任务已取消，预扣的金币已退回');
      void queryClient.invalidateQueries({ queryKey: adminKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
  });
  return (
    <ActionDialog
      title={action === 'retry' ? '重试任务' : '取消任务'}
      submitLabel={action === 'retry' ? '确认重试' : '确认取消'}
      danger={action === 'cancel'}
      reasonRequired={false}
      description={
        action === 'retry' ? (
          <p>以相同设置为用户 {task.userId} 重新创作「{task.topic ?? task.taskId}」，会重新预扣该用户的金币。</p>
        ) : (
          <p>结束用户 {task.userId} 的任务「{task.topic ?? task.taskId}」，预扣的金币退回给用户。</p>
        )
      }
      busy={mutation.isPending}
      error={mutation.error}
      onSubmit={(reason) => mutation.mutate(reason)}
      onClose={onClose}
    />
  );
}

/** 任务: failed, running or stuck generation tasks, the queue's depth, retry and cancel. */
export function TasksTab() {
  const [status, setStatus] = useState<TaskFilter>('failed');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<Acting | null>(null);
  const tasks = useQuery({ queryKey: adminKeys.tasksPage(status, page), queryFn: ({ signal }) => fetchTasks(status, page, signal), placeholderData: keepPreviousData });

  return (
    <section aria-label="任务" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">任务状态</legend>
          {FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={status === filter.value}
              className={status === filter.value ? SELECTED_CHIP : CHIP}
              onClick={() => {
                setStatus(filter.value);
                setPage(1);
              }}
            >
              {filter.label}
            </button>
          ))}
        </fieldset>
        <p className="text-sm text-slate-600">
          队列积压：{tasks.data ? (tasks.data.queueDepth === null ? '无法读取' : `${count(tasks.data.queueDepth)} 个`) : '—'}
        </p>
        {tasks.data?.byKind && (
          <p data-testid="work-by-kind" className="text-sm text-slate-500">
            创作任务 排队 {count(tasks.data.byKind.articles.queued)} · 进行中 {count(tasks.data.byKind.articles.running)}；知识库构建中{' '}
            {count(tasks.data.byKind.knowledgeBuilds.building)}；公众号发布 待执行 {count(tasks.data.byKind.wechatPublications.due)} · 已排期{' '}
            {count(tasks.data.byKind.wechatPublications.scheduled)}
          </p>
        )}
      </div>

      {tasks.isPending ? (
        <p className={NOTE}>加载中...</p>
      ) : tasks.isError ? (
        <p role="alert" className={NOTE}>
          {errorMessage(tasks.error)}
        </p>
      ) : tasks.data.data.length === 0 ? (
        <p className={NOTE}>没有{FILTERS.find((filter) => filter.value === status)?.label}的任务</p>
      ) : (
        <div className={TABLE_BOX}>
          <table className={TABLE} aria-label="任务列表">
            <thead>
              <tr>
                {['主题', '用户', '状态', '步骤', '错误', '尝试', '模型调用', '更新时间', '操作'].map((title) => (
                  <th key={title} scope="col" className={TH}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tasks.data.data.map((task) => (
                <tr key={task.taskId}>
                  <td className={`${TD} min-w-40`}>{task.topic ?? '—'}</td>
                  <td className={TD}>{task.userId}</td>
                  <td className={`${TD} whitespace-nowrap`}>
                    {STATUS_LABELS[task.status] ?? task.status}
                    {task.stuck && <span className="ml-1 text-amber-700">（卡住）</span>}
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{task.step ? stepLabel(task.step) : '—'}</td>
                  <td className={`${TD} min-w-48 text-red-700`}>{task.error ?? '—'}</td>
                  <td className={TD}>{task.attempts}</td>
                  <td className={`${TD} whitespace-nowrap text-xs`}>
                    {task.modelCalls.length === 0
                      ? '无'
                      : task.modelCalls.map((call) => (
                          <div key={call.stage}>
                            {stageLabel(call.stage)}：{call.calls} 次 / {count(call.tokens)} tokens
                          </div>
                        ))}
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{beijingTime(task.updatedAt)}</td>
                  <td className={TD}>
                    {task.status === 'error' && (
                      <button type="button" className={SMALL_BUTTON} onClick={() => setActing({ task, action: 'retry' })}>
                        重试
                      </button>
                    )}
                    {(task.status === 'queued' || task.status === 'running') && (
                      <button type="button" className={SMALL_BUTTON} onClick={() => setActing({ task, action: 'cancel' })}>
                        取消
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {tasks.data && <Pager label="任务列表翻页" page={page} totalPages={tasks.data.totalPages} onPage={setPage} />}
      {acting && <TaskActionDialog {...acting} onClose={() => setActing(null)} />}
    </section>
  );
}
