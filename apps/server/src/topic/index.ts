/** Topic understanding (decision 046): one reading of the request for both writing paths. */
export { INSTRUCTION_WORDS, parseTopic } from './parse-topic.js';
export { fitTitle, hashtagsFor, titleFor, titleLimit, WECHAT_HEADLINE_LIMIT } from './topic-titles.js';
export type { ConstraintKind, ParsedTopic, TopicConstraint, TopicForm, TopicIntent, WordLimit } from './types.js';
