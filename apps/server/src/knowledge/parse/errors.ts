/**
 * Why a knowledge file could not be parsed. `reason` is stable (routes and tests match on it);
 * `userMessage` is Chinese and safe to show as is; `message` is for logs and may name the file.
 */
export type KnowledgeParseReason =
  | 'unsupported_type'
  | 'doc_format'
  | 'type_mismatch'
  | 'scanned_pdf'
  | 'empty'
  | 'encrypted'
  | 'corrupt'
  | 'too_large_expanded';

export const PARSE_MESSAGES: Record<KnowledgeParseReason, string> = {
  unsupported_type: '不支持的文件类型，请上传 .txt、.md、.pdf 或 .docx 文件',
  doc_format: '暂不支持 .doc 格式（旧版 Word），请另存为 .docx 后再上传',
  type_mismatch: '文件内容与扩展名不符，请确认文件类型后重新上传',
  scanned_pdf: '该PDF似乎是扫描件（图片），无法提取文字，请上传可复制文字的PDF或转换为文本后再上传',
  empty: '文件内容为空或无法提取文字',
  encrypted: '文件已加密（设置了打开密码），请取消密码后再上传',
  corrupt: '文件已损坏或格式异常，无法读取，请检查后重新上传',
  too_large_expanded: '文件解压后体积异常（可能是压缩炸弹），已拒绝处理',
};

export class KnowledgeParseError extends Error {
  override name = 'KnowledgeParseError';
  readonly reason: KnowledgeParseReason;
  readonly userMessage: string;

  constructor(reason: KnowledgeParseReason, options: { userMessage?: string; internal?: string; cause?: unknown } = {}) {
    const userMessage = options.userMessage ?? PARSE_MESSAGES[reason];
    super(options.internal ?? userMessage, { cause: options.cause });
    this.reason = reason;
    this.userMessage = userMessage;
  }
}

export const parseError = (reason: KnowledgeParseReason, internal?: string, cause?: unknown) =>
  new KnowledgeParseError(reason, { internal, cause });
