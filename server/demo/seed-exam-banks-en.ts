import type { SubjectBank } from './seed-exam-banks';

// Question banks of ACME University (1002), one per course leaf (subject) that has exams; see
// seed-exam-banks-zh.ts for the shape.

/** The en academy's banks, by leaf name. */
export const EN_BANKS: Record<string, SubjectBank> = {
  'Web development': {
    single: [
      ['In React, data a component changes as the user interacts belongs in…', ['props', 'state', 'a constant', 'a global variable'], 1],
      ['What does TypeScript mainly add to JavaScript?', ['Static type checking', 'A new runtime', 'Automatic deployment', 'A database driver'], 0],
      ['Which HTML attribute gives an image a text alternative for screen readers?', ['title', 'alt', 'name', 'role'], 1],
      ['Largest Contentful Paint (LCP) measures…', ['how soon the main content appears', 'the size of the bundle', 'server CPU load', 'the number of requests'], 0],
    ],
    multiple: [
      ['Which of these speed up a page load?', ['Splitting and lazy-loading scripts', 'Serving images at the right size and format', 'Shipping one huge bundle', 'Caching static files'], [0, 1, 3]],
      ['Which are front-end frameworks or libraries?', ['React', 'Vue', 'PostgreSQL', 'Angular'], [0, 1, 3]],
      ['Good accessibility practice includes…', ['Keyboard access to every control', 'Enough colour contrast', 'Using colour alone to carry meaning', 'Labels on form fields'], [0, 1, 3]],
    ],
    judge: [
      ['In React you may mutate the state object directly to trigger a re-render.', false],
      ['TypeScript is compiled to JavaScript before a browser runs it.', true],
      ['A <button> element is reachable by keyboard without extra code.', true],
    ],
  },
  'Data analysis': {
    single: [
      ['Which SQL keyword filters groups after aggregation?', ['WHERE', 'HAVING', 'ORDER BY', 'LIMIT'], 1],
      ['A pivot table in a spreadsheet is best for…', ['summarising and cross-tabulating data', 'writing macros', 'drawing flowcharts', 'sending email'], 0],
      ['Which Python library is most used for tabular data?', ['pandas', 'requests', 'flask', 'pytest'], 0],
      ['To show parts of a whole, the usual chart is…', ['a line chart', 'a pie or donut chart', 'a scatter plot', 'a radar chart'], 1],
    ],
    multiple: [
      ['Data cleaning usually includes…', ['Handling missing values', 'Removing duplicate rows', 'Silently deleting outliers', 'Making formats consistent'], [0, 1, 3]],
      ['Which are SQL aggregate functions?', ['SUM', 'COUNT', 'JOIN', 'AVG'], [0, 1, 3]],
      ['A good dashboard…', ['Defines each metric clearly', 'Leads with the key insight', 'Shows every chart available', 'Says when the data was refreshed'], [0, 1, 3]],
    ],
    judge: [
      ['Correlation always implies causation.', false],
      ['An INNER JOIN returns only rows that match in both tables.', true],
      ['A year-over-year comparison uses the same period of the previous year.', true],
    ],
  },
  'Generative AI': {
    single: [
      ['What improves an AI assistant\'s answer the most?', ['A single keyword', 'Stating the role, task, context and output format', 'Vague wording', 'Switching language every time'], 1],
      ['A language model confidently stating made-up facts is called…', ['overfitting', 'hallucination', 'vanishing gradients', 'cold start'], 1],
      ['Answering from company documents with a model usually uses…', ['retrieval-augmented generation (RAG)', 'image compression', 'load balancing', 'offline backup'], 0],
      ['Before pasting customer data into an AI tool, first check…', ['that the answer will be long', 'whether the data may be shared or must be anonymised', 'the colour scheme', 'the parameter count'], 1],
    ],
    multiple: [
      ['Good uses of an AI assistant include…', ['A first draft of an email', 'Summarising meeting notes', 'Publishing unchecked financial figures', 'Outlining a document'], [0, 1, 3]],
      ['Useful parts of a prompt are…', ['A role', 'Examples', 'The output format', 'Unrelated small talk'], [0, 1, 2]],
      ['Ways to reduce hallucinations are…', ['Asking for sources', 'Supplying reliable reference text', 'Trusting every answer', 'Checking key facts by hand'], [0, 1, 3]],
    ],
    judge: [
      ['Model output can be published as an official conclusion without review.', false],
      ['Giving examples in a prompt usually brings the output closer to what you want.', true],
      ['Confidential files may be uploaded to a public AI service without approval.', false],
    ],
  },
  Communication: {
    single: [
      ['The most important part of active listening is…', ['interrupting with your view', 'paraphrasing to confirm what you heard', 'answering messages meanwhile', 'hearing only the parts you like'], 1],
      ['A business email\'s subject line should…', ['be empty', 'state the topic and the action needed', 'say "Hi"', 'be as long as possible'], 1],
      ['The strongest way to open a presentation is…', ['apologising for being unprepared', 'a question or story that matters to the audience', 'reading the slides', 'your full CV'], 1],
      ['In a negotiation, BATNA means…', ['your best alternative if talks fail', 'the first offer', 'the final price', 'the agenda'], 0],
    ],
    multiple: [
      ['Good feedback is…', ['Specific', 'Timely', 'About the person, not the work', 'Focused on what to do next'], [0, 1, 3]],
      ['Business writing should…', ['Lead with the conclusion', 'Use precise words', 'Pile up jargon', 'Have a clear structure'], [0, 1, 3]],
      ['What helps an audience follow a talk?', ['Examples', 'Little text per slide', 'Speaking as fast as possible', 'A summary at the end'], [0, 1, 3]],
    ],
    judge: [
      ['Tone and body language also shape how a message is understood.', true],
      ['Vague feedback causes fewer misunderstandings than specific feedback.', false],
      ['The pyramid principle puts the conclusion first, then the support.', true],
    ],
  },
  Productivity: {
    single: [
      ['On the urgent/important matrix, which tasks deserve planned time first?', ['Important but not urgent', 'Neither', 'Urgent but not important', 'All at once'], 0],
      ['One Pomodoro usually lasts…', ['5 minutes', '25 minutes', '60 minutes', '2 hours'], 1],
      ['In a SMART goal, "M" stands for…', ['Meaningful', 'Measurable', 'Modifiable', 'Multiple'], 1],
      ['The most direct way to protect deep work is…', ['multitasking', 'turning off notifications and blocking time for one task', 'checking chat constantly', 'working longer hours'], 1],
    ],
    multiple: [
      ['Common time-management methods are…', ['A to-do list', 'The Eisenhower matrix', 'Waiting for the deadline', 'Time blocking'], [0, 1, 3]],
      ['A good goal is…', ['Specific', 'Time-bound', 'One of as many as possible', 'Aligned with a larger goal'], [0, 1, 3]],
      ['Ways to reduce interruptions are…', ['Focus hours in the calendar', 'Handling email in batches', 'Replying to every ping at once', 'Telling colleagues your plan'], [0, 1, 3]],
    ],
    judge: [
      ['Multitasking is usually faster than finishing one task at a time.', false],
      ['A weekly review of your plan helps you improve.', true],
      ['Every urgent task is also important.', false],
    ],
  },
  'Project management': {
    single: [
      ['The critical path of a project is…', ['the shortest chain of tasks', 'the chain of tasks that sets the shortest possible duration', 'the most expensive task', 'the first task'], 1],
      ['In Scrum, a fixed-length development cycle is a…', ['milestone', 'sprint', 'kanban', 'Gantt chart'], 1],
      ['After identifying a risk, first…', ['assess its likelihood and impact', 'stop the project', 'ignore it if unlikely', 'report it without recording it'], 0],
      ['A work breakdown structure (WBS) is for…', ['splitting scope into manageable work packages', 'payroll', 'UI design', 'writing code'], 0],
    ],
    multiple: [
      ['At kick-off a project should agree…', ['Goals and scope', 'Key stakeholders', 'Everyone\'s private calendar', 'Milestones'], [0, 1, 3]],
      ['Agile delivery means…', ['Small iterations', 'Frequent feedback', 'Delivering everything at once', 'Welcoming changing requirements'], [0, 1, 3]],
      ['Common risk responses are…', ['Avoid', 'Mitigate', 'Transfer', 'Pretend it did not happen'], [0, 1, 2]],
    ],
    judge: [
      ['A change request should be done immediately, without assessing its impact.', false],
      ['A daily stand-up shares progress and surfaces blockers.', true],
      ['A retrospective at the end helps the next project.', true],
    ],
  },
  'Managing teams': {
    single: [
      ['In Tuckman\'s model, the stage where conflict appears is…', ['forming', 'storming', 'norming', 'performing'], 1],
      ['A performance review is best opened by…', ['announcing the rating', 'asking for the employee\'s self-assessment', 'talking about other people', 'listing faults'], 1],
      ['Coaching works mainly by…', ['giving the answer', 'asking questions that help people think', 'doing the work for them', 'assigning tasks'], 1],
      ['When delegating a task to a new team member, you should…', ['explain the goal, the standard and the deadline', 'say "as soon as possible"', 'skip the context', 'let them guess'], 0],
    ],
    multiple: [
      ['High-performing teams have…', ['A clear shared goal', 'Trust', 'Information kept by a few', 'Clear roles'], [0, 1, 3]],
      ['In a performance review, avoid…', ['Generalising from one event', 'Talking only about faults', 'Using facts and data', 'Criticising in public'], [0, 1, 3]],
      ['Effective ways to motivate are…', ['Timely recognition', 'Growth opportunities', 'Pressure alone', 'Involving people in decisions'], [0, 1, 3]],
    ],
    judge: [
      ['The GROW model has four steps: goal, reality, options and will.', true],
      ['Once you delegate, you never need to follow up.', false],
      ['All team conflict is harmful and should be suppressed.', false],
    ],
  },
  'Finance basics': {
    single: [
      ['A balance sheet shows…', ['the financial position at one point in time', 'results over a period', 'cash in and out', 'headcount'], 0],
      ['Assets = liabilities + …', ['revenue', 'equity', 'profit', 'cost'], 1],
      ['An annual budget usually starts from…', ['last year\'s actuals and next year\'s goals', 'a competitor\'s report', 'a guess', 'last year\'s budget copied'], 0],
      ['Which is a fixed cost?', ['Raw materials', 'Office rent', 'Piece-rate wages', 'Shipping'], 1],
    ],
    multiple: [
      ['The three main financial statements are…', ['Balance sheet', 'Income statement', 'Timesheet', 'Cash flow statement'], [0, 1, 3]],
      ['Ways to control costs are…', ['Set a budget and compare monthly', 'Better purchasing', 'Cutting all training', 'Reducing waste'], [0, 1, 3]],
      ['Which are current assets?', ['Cash', 'Accounts receivable', 'Buildings', 'Inventory'], [0, 1, 3]],
    ],
    judge: [
      ['A profitable company always has positive cash flow.', false],
      ['When actuals drift far from budget, find out why and adjust.', true],
      ['Depreciation lowers profit without directly lowering cash.', true],
    ],
  },
};
