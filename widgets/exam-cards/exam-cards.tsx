import type { ExamItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { windowBadge } from '../../src/components/window-badge';
import type { ExamCardsProps } from '../../schemas/widgets/exam-cards';

export default function ExamCards({ props, data, ctx }: WidgetProps<ExamCardsProps, Paged<ExamItem>>) {
  const { t, locale } = widgetTexts(ctx.locale);
  const toCard = (item: ExamItem): CardModel => {
    const meta = item.type === 'survey'
      ? [t('survey'), t('questions', { n: item.questionCount }), t('joined', { n: item.joinCount })]
      : [
        t('questions', { n: item.questionCount }),
        item.duration > 0 ? t('minutes', { n: item.duration }) : undefined,
        item.passScore === null ? undefined : t('passScore', { n: item.passScore }),
      ];
    return {
      key: item.id,
      // Surveys open the same detail page as exams (spec learning §2: /exam/detail/{id}).
      link: { linkType: 'examDetail', id: item.id },
      title: item.title,
      cover: item.cover,
      meta: meta.filter(Boolean).join(' · '),
      badge: windowBadge(item.windowState, t),
    };
  };
  const more = { linkType: props.type === 'survey' ? 'surveyList' : 'examList', params: { categoryId: props.categoryId } };
  return (
    <CardList
      title={headingOf(locale, props.title, props.type === 'survey' ? 'exam-cards-survey' : 'exam-cards')} more={props.showMore ? more : undefined}
      label={headingOf(locale, undefined, props.type === 'survey' ? 'exam-cards-survey' : 'exam-cards')}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
