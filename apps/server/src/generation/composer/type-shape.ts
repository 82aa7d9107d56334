/**
 * The shape of an article type: the facets its body sections cover (实用攻略: steps; 种草安利:
 * 亮点/体验/适合谁; …) and its own phrases. Templates use {slot} placeholders (see fillTemplate).
 */
export interface Facet {
  key: string;
  /** Lower goes first when only a few body sections fit; the output keeps the listed order. */
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
