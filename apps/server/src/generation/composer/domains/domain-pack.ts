/**
 * Common knowledge of a domain a creator often writes about (养猫, 日本自由行, 基金定投…), for the
 * offline writer (decision 049). Without a model, an article about cats can only be about cats if
 * someone wrote down what a careful person generally knows about keeping one; these packs are that
 * notebook. They hold only what is generally true and uncontroversial: no figure that changes
 * from year to year, no price, no brand ranking, no statistic, no quote, no source.
 */
export interface DomainFacet {
  /**
   * The move of the discourse plan (generation/plans/discourse-plans.ts) this facet serves:
   * 准备 / 步骤 / 常见坑 / 检查清单 for a practical guide, 场景 / 清单 / 对比 / 怎么选 for a
   * recommendation; 起因 / 经过 / 转折 / 感悟 for an essay pack (packs-essay.ts); 背景 / 格局 /
   * 驱动因素 / 趋势 / 建议 and 现象 / 原因 / 影响 / 判断 for an industry pack. Several facets
   * may serve the same move (two 步骤 facets, say).
   */
  move:
    | '准备'
    | '步骤'
    | '常见坑'
    | '检查清单'
    | '场景'
    | '清单'
    | '对比'
    | '怎么选'
    | '起因'
    | '经过'
    | '转折'
    | '感悟'
    // An industry pack (packs-industry-*.ts) serves the industry analysis's plan and the commentary's.
    | '背景'
    | '格局'
    | '驱动因素'
    | '趋势'
    | '建议'
    | '现象'
    | '原因'
    | '影响'
    | '判断';
  /** Two to four characters naming the facet in a recap: 用品、接回家、饮食、误区… */
  key: string;
  /** A heading without 第N步, 4–14 characters: 接猫回家前，先备齐这些. */
  heading: string;
  /** The reader's question this facet answers, ending in ？: 第一次养猫要买哪些东西？ */
  question: string;
  /** Two to four claims, each a clause without final punctuation: 猫砂盆放在安静、远离食盆的角落. */
  points: string[];
  /** Four to eight sentences that elaborate, each ending in 。, each true on its own. */
  details: string[];
}

export interface DomainPack {
  /** A stable ascii name: cat, picture-books, japan-trip… */
  key: string;
  /** The domain in a few characters, as a reader would say it: 养猫. */
  name: string;
  /**
   * Words of a topic that select this pack: a topic matches when one of its words (jieba) or its
   * subject contains a trigger. Keep them specific: 猫 would also match 熊猫.
   */
  triggers: string[];
  /** Words that veto a match even when a trigger is present (熊猫, 猫眼…). */
  excludes?: string[];
  /** Nine or so facets (one per move, two 步骤); each article type picks its own by move. */
  facets: DomainFacet[];
  /** Checklist items, 6–12, each a short noun phrase or imperative without punctuation. */
  checklist: string[];
  /** Domain vocabulary, 2–8 characters each, for keywords and tags. */
  terms: string[];
}
