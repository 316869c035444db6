// What providers and compaction say about tool-result images they cannot pass on, and which images Anthropic takes.
import type { ImageContent } from '../protocol/messages.js';

/** The image types Anthropic's API accepts in a tool result. */
export const anthropicImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Decoded size of base64 data, for messages. */
function imageSizeText(image: ImageContent): string {
  const bytes = Math.floor((image.data.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** One line standing in for an image, saying why it is not there. */
const imagePlaceholder = (image: ImageContent, why: string): string => `[image ${image.mediaType}, ${imageSizeText(image)}: ${why}]`;

/** A result's text with a placeholder line for each image. */
export function withImagePlaceholders(content: string, images: readonly ImageContent[] | undefined, why: string): string {
  if (!images || images.length === 0) return content;
  const lines = images.map((image) => imagePlaceholder(image, why));
  return content === '' ? lines.join('\n') : `${content}\n${lines.join('\n')}`;
}

/**
 * Rough input tokens of one image for the context budget: Anthropic bills width × height / 750 and scales images
 * down to about 1.15 megapixels (≈1,600 tokens). The size is not decoded here, so each image counts as the most.
 */
export const imageTokenEstimate = 1_600;
