/**
 * The evaluation's style distance is the writer's: one measured profile and one distance
 * (style/style-metrics.ts), so the figure the report gives is the one stored with the article.
 */
export { type MeasuredStyle, measureStyle, styleDistance } from '../style/style-metrics.js';
