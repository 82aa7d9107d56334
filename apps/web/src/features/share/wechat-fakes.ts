import type { WeChatConfig, WeChatSdk, WeChatShareData } from './wechat-sdk';

/** Test helpers: a scripted `window.wx`. */

export type ConfigOutcome = 'ok' | 'error';

export interface FakeWx extends WeChatSdk {
  configs: (WeChatConfig & { debug: boolean; jsApiList: string[] })[];
  friendCards: WeChatShareData[];
  timelineCards: WeChatShareData[];
  pendingReady: number;
}

/**
 * Each wx.config takes the next outcome (default ok): 'ok' runs the ready callbacks, 'error'
 * the error callbacks with an invalid-signature message. `shareFails` makes both card updates fail.
 */
export function fakeWx({ outcomes = [], shareFails = false }: { outcomes?: ConfigOutcome[]; shareFails?: boolean } = {}): FakeWx {
  let state: 'none' | 'ready' | 'error' = 'none';
  let ready: (() => void)[] = [];
  const errors: ((result?: { errMsg?: string }) => void)[] = [];
  const update = (list: WeChatShareData[]) => (data: WeChatShareData) => {
    list.push(data);
    queueMicrotask(() => (shareFails ? data.fail?.({ errMsg: 'updateAppMessageShareData:fail' }) : data.success?.()));
  };
  const wx: FakeWx = {
    configs: [],
    friendCards: [],
    timelineCards: [],
    get pendingReady() {
      return ready.length;
    },
    config(options) {
      wx.configs.push(options);
      const outcome = outcomes.shift() ?? 'ok';
      state = 'none';
      queueMicrotask(() => {
        if (outcome === 'error') {
          state = 'error';
          for (const callback of errors) callback({ errMsg: 'config:invalid signature' });
        } else {
          state = 'ready';
          const waiting = ready;
          ready = [];
          for (const callback of waiting) callback();
        }
      });
    },
    ready(callback) {
      if (state === 'ready') callback();
      else ready.push(callback);
    },
    error(callback) {
      errors.push(callback);
    },
    updateAppMessageShareData: () => {},
    updateTimelineShareData: () => {},
  };
  wx.updateAppMessageShareData = update(wx.friendCards);
  wx.updateTimelineShareData = update(wx.timelineCards);
  return wx;
}

export const FAKE_CONFIG: WeChatConfig = { appId: 'wx123', timestamp: 1700000000, nonceStr: 'n0nce', signature: 'sig' };

export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
