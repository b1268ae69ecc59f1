// An application's form (issue 21 part D; docs/ai.md D): the learner's inputs checked against the
// fields (required, lengths, integers in range, choices), the back office's form checked against
// its task (a plan needs a course picker, a quiz a content or course picker, a template names only
// its fields), and a prompt template filled. Pure: the pickers' existence is checked by the run.
import { ApiError } from '../../plugins/envelope';
import type { AppField } from '../../../schemas/api/ai-assistants';

export type Lang = 'zh' | 'en';
export type InputValue = string | number | null;

/** Default lengths of text fields, and the plan's and quiz's defaults when the form has no days/count field. */
export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 2000;
export const DEFAULT_DAYS = 7;
export const DEFAULT_COUNT = 5;
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

const MESSAGES = {
  zh: {
    required: (label: string) => `请填写「${label}」。`,
    tooLong: (label: string, n: number, max: number) => `「${label}」太长了（${n} 个字），最多 ${max} 个字。`,
    integer: (label: string) => `「${label}」必须是整数。`,
    range: (label: string, min: number, max: number) => `「${label}」必须在 ${min} 到 ${max} 之间。`,
    choice: (label: string, options: string[]) => `「${label}」只能选择：${options.join('、')}。`,
    pick: (label: string) => `请在「${label}」中选择一项。`,
    unknown: (name: string) => `表单中没有「${name}」这一项，请刷新页面后重试。`,
  },
  en: {
    required: (label: string) => `Please fill in "${label}".`,
    tooLong: (label: string, n: number, max: number) => `"${label}" is too long (${n} characters); at most ${max}.`,
    integer: (label: string) => `"${label}" must be a whole number.`,
    range: (label: string, min: number, max: number) => `"${label}" must be between ${min} and ${max}.`,
    choice: (label: string, options: string[]) => `"${label}" must be one of: ${options.join(', ')}.`,
    pick: (label: string) => `Please choose an item in "${label}".`,
    unknown: (name: string) => `The form has no field "${name}"; please reload the page and try again.`,
  },
} as const;

const chars = (s: string) => [...s].length;

/** The bounds a number field really has (min 1 and max 1000 unless set). */
export function numberBounds(field: AppField): { min: number; max: number } {
  return { min: field.min ?? 1, max: field.max ?? 1000 };
}

/**
 * The learner's inputs checked against the form, trimmed and typed: every refusal at once, as one
 * ApiError (AI_APP_INPUT_INVALID) whose message lists them. Values of fields not in the form are refused.
 */
export function validateInputs(fields: readonly AppField[], inputs: Record<string, unknown>, lang: Lang): Record<string, InputValue> {
  const t = MESSAGES[lang];
  const errors: string[] = [];
  for (const name of Object.keys(inputs)) if (!fields.some((f) => f.name === name)) errors.push(t.unknown(name));
  const values: Record<string, InputValue> = {};
  for (const field of fields) {
    const raw = inputs[field.name];
    const text = typeof raw === 'string' ? raw.trim() : raw === null || raw === undefined ? '' : String(raw);
    if (text === '') {
      if (field.required) errors.push(field.type === 'course' || field.type === 'content' ? t.pick(field.label) : t.required(field.label));
      values[field.name] = null;
      continue;
    }
    switch (field.type) {
      case 'text':
      case 'textarea': {
        const max = field.maxLength ?? (field.type === 'text' ? TEXT_MAX : TEXTAREA_MAX);
        if (chars(text) > max) errors.push(t.tooLong(field.label, chars(text), max));
        values[field.name] = text;
        break;
      }
      case 'number': {
        const n = Number(text);
        const { min, max } = numberBounds(field);
        if (!Number.isInteger(n)) errors.push(t.integer(field.label));
        else if (n < min || n > max) errors.push(t.range(field.label, min, max));
        values[field.name] = n;
        break;
      }
      case 'choice':
        if (!(field.options ?? []).includes(text)) errors.push(t.choice(field.label, field.options ?? []));
        values[field.name] = text;
        break;
      case 'course':
      case 'content': {
        const id = Number(text);
        if (!Number.isSafeInteger(id) || id <= 0) errors.push(t.pick(field.label));
        values[field.name] = id;
        break;
      }
    }
  }
  if (errors.length) throw new ApiError(errors.join(' '), { errorCode: 'AI_APP_INPUT_INVALID' });
  return values;
}

/** The picker field a plan or quiz works on: the first course picker (plan), the first content or course picker (quiz). */
export function pickerOf(fields: readonly AppField[], task: 'plan' | 'quiz' | 'prompt'): AppField | undefined {
  if (task === 'plan') return fields.find((f) => f.type === 'course');
  return fields.find((f) => f.type === 'content') ?? fields.find((f) => f.type === 'course');
}

/** A number input by name, or the default (the plan's days, the quiz's count). */
export function numberInput(values: Record<string, InputValue>, name: string, fallback: number): number {
  const v = values[name];
  return typeof v === 'number' ? v : fallback;
}

/** A prompt template with each {{name}} replaced by the input's text (a picker by the picked item's title). */
export function fillTemplate(template: string, values: Record<string, InputValue>, titles: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => titles[name] ?? (values[name] === null || values[name] === undefined ? '' : String(values[name])));
}

/**
 * The back office's form checked against its task (Chinese: the back office's language): unique
 * names, choices with two or more options, min ≤ max, defaults that fit, a plan with a course
 * picker, a quiz with a content or course picker, a template for prompt naming only its fields.
 */
export function validateForm(app: { fields: readonly AppField[]; task: 'plan' | 'quiz' | 'prompt'; promptTemplate: string; output: 'text' | 'questions' }): void {
  const errors: string[] = [];
  const names = new Set<string>();
  for (const f of app.fields) {
    if (names.has(f.name)) errors.push(`字段名「${f.name}」重复了，每个字段的名称必须不同。`);
    names.add(f.name);
    if (f.type === 'choice' && (f.options?.length ?? 0) < 2) errors.push(`选择项「${f.label}」至少需要两个选项。`);
    if (f.type === 'number' && f.min !== undefined && f.max !== undefined && f.min > f.max) errors.push(`数字项「${f.label}」的最小值不能大于最大值。`);
    if (f.defaultValue !== undefined && f.type !== 'course' && f.type !== 'content') {
      try {
        validateInputs([{ ...f, required: false }], { [f.name]: f.defaultValue }, 'zh');
      } catch (error) {
        errors.push(`「${f.label}」的默认值不符合它的规则：${(error as Error).message}`);
      }
    }
  }
  if (app.task === 'plan' && !pickerOf(app.fields, 'plan')) errors.push('学习计划类应用需要一个「课程」选择项。');
  if (app.task === 'quiz' && !pickerOf(app.fields, 'quiz')) errors.push('测验类应用需要一个「资料」或「课程」选择项。');
  if (app.task === 'quiz' && app.output !== 'questions') errors.push('测验类应用的输出类型必须是「题目」。');
  if (app.task === 'plan' && app.output !== 'text') errors.push('学习计划类应用的输出类型必须是「文本」。');
  if (app.task === 'prompt') {
    if (!app.promptTemplate.trim()) errors.push('自定义提示词类应用需要填写提示词模板。');
    for (const [, name] of app.promptTemplate.matchAll(PLACEHOLDER)) if (!names.has(name!)) errors.push(`提示词模板中的 {{${name}}} 不是表单里的字段。`);
  }
  if (errors.length) throw new ApiError(errors.join(' '), { errorCode: 'AI_APP_FORM_INVALID' });
}
