/**
 * The shape of an article type: the facets its body sections cover, one or two per move of the
 * type's discourse plan (实用攻略: 准备 → 步骤 → 常见坑 → 检查清单; …), and its own phrases.
 * Templates use {slot} placeholders (see fillTemplate).
 */
export interface Facet {
  /**
   * The move of the type's discourse plan this facet serves (a DiscourseMove key of
   * generation/plans/discourse-plans.ts: 准备、步骤、常见坑…). A move may have two facets, listed
   * together; the facets follow the plan's order.
   */
  move: string;
  /** Two to four characters, the facet's name in a recap (may equal the move). */
  key: string;
  /**
   * Lower goes first when only a few body sections fit; the output keeps the listed order. A
   * move's first facet has the plan's priority; a second facet of a move comes after all of them.
   */
  priority: number;
  headings: string[];
  /** The question the section answers (a key question of the analysis). */
  question: string;
  /** Claims a section makes, as clauses without final punctuation. */
  points: string[];
  /** Sentences that elaborate the facet. */
  details: string[];
}

export interface ExampleParts {
  starts: string[];
  turns: string[];
  ends: string[];
}

export interface TypeShape {
  facets: Facet[];
  angle: string;
  /** One-line verdicts: the "conclusion first" of a Zhihu answer. */
  verdicts: string[];
  needs: string[];
  queryWords: string[];
  introLines: string[];
  conclusionLines: string[];
  introHeadings: string[];
  conclusionHeadings: string[];
  /** The conclusion's word to the audience. */
  calls: string[];
  claims: string[];
  example: ExampleParts;
  titles: { wechat: string[]; zhihu: string[]; xhsHooks: string[] };
  tags: string[];
  visual: string;
  /** Zhihu headings are the facet questions, except where steps or scenes read better. */
  zhihuQuestionHeadings: boolean;
}
