/*
 * WeChat's errcodes for the calls made on a bound official account, in Chinese for the user
 * (WECHATMP.md). Unknown ones keep WeChat's own errcode and errmsg.
 */

const IP_WHITELIST = '请在公众号后台「设置与开发 → 基本配置 → IP白名单」中添加后重试';

const MESSAGES: Record<number, string> = {
  [-1]: '微信系统繁忙，请稍后重试',
  40001: 'AppSecret 错误或 access_token 已失效，请确认 AppSecret 正确后重试',
  40002: '获取 access_token 的参数有误（grant_type）',
  40013: 'AppID 无效，请核对公众号后台「设置与开发 → 基本配置」中的开发者ID(AppID)',
  40014: 'access_token 不合法，请稍后重试',
  40125: 'AppSecret 错误，请在公众号后台「设置与开发 → 基本配置」中核对或重置 AppSecret',
  40243: 'AppSecret 已被冻结，请在公众号后台解冻后重试',
  41002: '缺少 AppID',
  41004: '缺少 AppSecret',
  42001: 'access_token 已过期，请稍后重试',
  45009: '该公众号今日的接口调用次数已达上限，请明天再试',
  45011: '接口调用过于频繁，请稍后重试',
  48001: '该公众号没有草稿箱接口权限（未认证的公众号或个人主体的公众号不能通过接口发布），请先完成微信认证',
  50002: '该公众号的接口权限受限（可能已被封禁或违规受限）',
  89501: '此服务器 IP 正在等待公众号管理员确认，请管理员在微信中确认后重试',
  89503: '此服务器 IP 调用需要公众号管理员确认，请管理员在微信中确认后重试',
  89506: '24 小时内此服务器 IP 被公众号管理员拒绝两次，24 小时内不能再调用',
  89507: '1 小时内此服务器 IP 被公众号管理员拒绝一次，1 小时内不能再调用',
};

/** errcodes that are WeChat's side or a quota: worth trying again later (503), not the user's input. */
export const RETRY_LATER_ERRCODES: ReadonlySet<number> = new Set([-1, 45009, 45011]);

/** The first IPv4 (or else IPv6) address in WeChat's errmsg ("invalid ip 1.2.3.4 ipv6 ::ffff:1.2.3.4, not in whitelist"). */
export function reportedIp(errmsg: string): string | undefined {
  const v4 = /(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])/.exec(errmsg)?.[1];
  if (v4) return v4;
  return /ipv6\s+([0-9a-fA-F:]{3,45})/.exec(errmsg)?.[1];
}

export function errcodeMessage(errcode: number, errmsg: string): string {
  if (errcode === 40164 || errcode === 61004) {
    const ip = reportedIp(errmsg);
    return `本服务器的 IP${ip ? `（${ip}）` : ''}不在公众号的 IP 白名单中，${IP_WHITELIST}`;
  }
  return MESSAGES[errcode] ?? `微信接口返回错误（errcode ${errcode}）：${errmsg || '无说明'}`;
}
