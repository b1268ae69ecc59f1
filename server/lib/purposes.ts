/**
 * Category purposes. 1 to 4 and 6 are the spec's category-jump purposes (spec learning §2: 1
 * /course, 2 /knowledge, 3 /content, 4 /product, 6 /search); the others are ours, one per list.
 */
export const CATEGORY_PURPOSE = {
  course: 1, knowledge: 2, content: 3, product: 4, search: 6, training: 7, exam: 8, task: 9, article: 10, reading: 11, help: 99,
} as const;

/**
 * Content purposes (spec learning §2 and §9): 5, 6 and 7 are reading-type, 99 is the help center.
 * 8 is ours (docs/decisions.md "Course lessons"): a content made for one course's lesson, opened
 * from the course, and left out of the library's lists as help is.
 */
export const CONTENT_PURPOSE = {
  microCourse: 1, knowledge: 2, content: 3, work: 4, ebook: 5, audiobook: 6, serial: 7, lesson: 8, help: 99,
} as const;

/** Purposes content/search leaves out unless asked for by name: help articles and course lessons. */
export const UNLISTED_PURPOSES: readonly number[] = [CONTENT_PURPOSE.help, CONTENT_PURPOSE.lesson];

/** Product types; 8, 9 and 10 are reading-type (spec learning §9) and open /sub_shop/noval/{id}. */
export const PRODUCT_TYPE = {
  book: 1, course: 2, stationery: 3, giftCard: 4, ebook: 8, audiobook: 9, serial: 10,
  /** Issue 21 F: an AI credits package (product.ai_credits per unit); ships nothing, paid → credits. */
  aiCredits: 13,
} as const;
