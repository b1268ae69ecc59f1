// The cm service's contract (spec learning §7 "Courses", "Contents", "Social"), one file per area:
// the catalogue's cards and categories, course and subject detail, study records, parts, the
// assistant and the social calls. Server routes import an area; the client imports this index,
// type-only (`import type`), so no TypeBox code reaches the learner bundle.
export * from './article';
export * from './catalogue';
export * from './course';
export * from './hist';
export * from './media';
export * from './my-study';
export * from './part';
export * from './robot';
export * from './social';
export * from './subject';
