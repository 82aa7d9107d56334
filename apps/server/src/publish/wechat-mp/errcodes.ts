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
  53404: '该公众号已被限制带货能力，请删除文章中的商品后重试',
  53405: '文章中插入的商品信息有误，请检查后重试',
  53406: '请先在公众号后台开通带货能力',
  53503: '该草稿未通过发表检查，请检查正文内容后重试，或到公众号后台手动发表',
  53504: '该草稿需要到公众号后台官网使用，请在后台的草稿箱中手动发表',
  53505: '请先在公众号后台打开并手动保存该草稿，再发表',
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

/** freepublish/get's publish_status other than 0 (published) and 1 (publishing), in Chinese. */
const PUBLISH_FAILURES: Record<number, string> = {
  2: '原创校验未通过（通过接口发表不能声明原创，或内容与已有原创文章重复）',
  3: '发表失败（常规失败），请到公众号后台查看草稿后重试',
  4: '平台审核未通过，请修改内容后重新发表',
  5: '文章发表成功后已被删除',
  6: '文章发表成功后已被平台封禁',
};

/** The failure message of a publish_status, with fail_idx (which article of the draft; ours has one) when WeChat gives it. */
export function publishFailureMessage(status: number, failIdx: number[] = []): string {
  const reason = PUBLISH_FAILURES[status] ?? `发表失败（publish_status ${status}）`;
  const which = failIdx.length > 0 ? `（未通过的文章：第 ${failIdx.join('、')} 篇）` : '';
  return `公众号发表未成功：${reason}${which}`;
}
