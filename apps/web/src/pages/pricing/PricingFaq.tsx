import {
  COIN_VALUE_YUAN,
  COINS_PER_ARTICLE,
  FREE_ARTICLE_MAX_CHARS,
  PRO_ARTICLE_MAX_CHARS,
  PRO_MONTH,
  REGISTRATION_GIFT_COINS,
  SITE,
} from '@tianma/shared';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { revisionPriceAnswer } from './revision-price';

const FAQ: readonly { question: string; answer: ReactNode }[] = [
  {
    question: '什么是金币？',
    answer: `金币是天马的虚拟货币，1 币 = ${COIN_VALUE_YUAN} 元。每篇文章固定消耗 ${COINS_PER_ARTICLE} 币，引导创作与高级创作、篇幅长短都一样；创作开始时预扣，生成失败或取消会全额退回。`,
  },
  {
    question: '金币会过期吗？',
    answer: `不会。金币永久有效，不设使用期限。新用户注册即送 ${REGISTRATION_GIFT_COINS} 币，可直接体验创作。`,
  },
  {
    question: '如何支付？',
    answer: '目前支持微信支付：选择方案或充值包后，用微信扫描页面上的二维码完成付款，系统会自动确认并为你的账户到账。',
  },
  {
    question: '免费版、高级版和企业版有什么区别？',
    answer: `免费版适合初次体验，包含多智能体与多平台创作，单篇最多 ${FREE_ARTICLE_MAX_CHARS} 字；高级版每月 ${PRO_MONTH.coins} 币，单篇最多 ${PRO_ARTICLE_MAX_CHARS} 字，并解锁多模态图文、本地知识库、参考文章仿写和 SEO 优化；企业版在高级版基础上提供多用户管理、专属客服和按需定制的额度。`,
  },
  {
    question: '在线 AI 编辑怎么收费？',
    answer: revisionPriceAnswer(),
  },
  {
    question: '可以退款或开具发票吗？',
    answer: (
      <>
        如需退款或开具发票，请发送邮件至{' '}
        <a href={`mailto:${SITE.supportEmail}`} className="font-medium text-indigo-600 hover:underline">
          {SITE.supportEmail}
        </a>
        ，并注明订单号，我们会尽快为你处理。
      </>
    ),
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq" className="px-4 py-16">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="pricing-faq" title="常见问题" />
        <div className="space-y-3">
          {FAQ.map(({ question, answer }) => (
            <details key={question} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                />
              </summary>
              <div className="px-5 pb-5 text-sm text-slate-600">{answer}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
