/** Topics feature: `#topic#` links, topic lists and the emoji set. */
export { TopicsService } from './topics.service.js';
export { registerTopicsRoutes } from './topics.routes.js';
export { registerEmojiFiles } from './emoji-files.js';
export { emojiImages } from './emoji-images.renderer.js';
export { topics, threadTopics, emoji } from './topics.table.js';
export { linkTopics, topicKey } from './topic-links.renderer.js';
