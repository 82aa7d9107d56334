/** The Chinese texts and the timing constants of generation tracking (content-creation §4, §8, §9). */

export const TRACKING_TIMING = {
  /** Wait between the start call's answer and the first connection. */
  trackDelayMs: 1500,
  /** Wait between a disconnect and the next connection. */
  reconnectAfterDisconnectMs: 150,
  streamRetryBaseMs: 3000,
  streamRetryCapMs: 60_000,
  maxStreamReconnects: 5,
  /** Consecutive stream errors that switch to polling. */
  streamErrorsToPolling: 3,
  pollIntervalMs: 3000,
  unavailableRetryMs: 30_000,
  maxUnavailable: 3,
  networkRetryMs: 10_000,
  networkNoticeEvery: 10,
  networkNoticeUpTo: 30,
  maxNetworkErrors: 50,
  serverRetryCapMs: 60_000,
  maxConsecutiveErrors: 20,
  closeAfterFinalMs: 2000,
  contentWaitMs: 5000,
  globalLimitMinutes: 18,
} as const;

export const TRACKING_TEXT = {
  busy: '文章正在生成中，请稍候...',
  businessLimitFallback: '业务限制错误，请稍后重试',
  generateFailed: '生成文章失败',
  missingTaskId: 'API响应中缺少task_id',
  requestBlocked: 'API请求被阻止，请检查网络设置',
  limitCaught: '根据系统提示，当前操作受到限制，请稍后重试',
  noSettings: '没有可重新生成的设置，请先开始一次创作',
  stepError: '生成过程出现错误',
  noContent: '文章生成可能已完成，但未能获取内容。请刷新页面或重试。',
  articleFailed: '获取文章失败',
  articleCrashed: '获取文章时发生错误',
  reconnectFailed: '连接已断开，无法重新连接。请刷新页面重试。',
  unavailableStop: '服务暂不可用，请稍后重试',
  unavailableToast: '服务暂时不可用，请稍后重试',
  tooManyErrorsToast: '网络连接异常，请检查网络后重试',
  serverStop: '服务连接失败次数过多，已停止监控。请稍后刷新页面查看进度。',
  timeoutKeyword: '任务执行超时',
} as const;

export function unavailableRetryText(attempt: number): string {
  return `服务暂时不可用（503错误），正在重试... (${attempt}/${TRACKING_TIMING.maxUnavailable})`;
}

export function retryingInText(seconds: number): string {
  return `正在重试，${seconds} 秒后重新连接`;
}

export function globalTimeoutText(minutes: number): string {
  return `任务执行超时（${minutes}分钟），后台任务仍在执行中，请稍后在"我的文章"中查看`;
}

export function networkUnstableText(count: number): string {
  return `网络不稳定（已重试${count}次），后台任务可能仍在执行。建议继续等待。`;
}

export function networkStopText(count: number): string {
  return `网络连接持续不稳定（已连续失败${count}次），已停止监控。后台任务可能仍在执行，请稍后在"我的文章"中查看。`;
}
