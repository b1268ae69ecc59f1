// A widget's data declaration from its request (schemas/widgets/request.ts; issue 15 point 3): the
// query key is the request's one text (requestKey), the same the server names its answer by when it
// writes a home's HTML, and the fetch is that GET through the one client, which takes the answer
// from the page when the server put it there.
import { apiRequest, embeddedAnswer } from '../api/client';
import { requestKey, type WidgetRequest } from '../../schemas/widgets/request';
import type { DataDeclaration } from './widget-definition';

/** The data declaration that sends `request`: key ['api', requestKey], so blocks asking the same GET share one call. */
export function requestDeclaration<T>(request: WidgetRequest, options: { staleTime?: number } = {}): DataDeclaration<T> {
  return {
    key: ['api', requestKey(request.path, request.query)],
    fetch: (signal) => apiRequest<T>(request.path, request.query, signal),
    // The HTML's answer when it carries one, so the block's first commit shows it (issue 15 point 3).
    initial: () => embeddedAnswer<T>(request.path, request.query),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  };
}
