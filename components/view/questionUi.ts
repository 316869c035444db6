// Where a person is in a tool's question dialog (ask_user) or plan dialog: the state its keys change and its rows show.

export interface QuestionUi {
  /** The question on screen. */
  index: number;
  /** The option under the cursor; `options.length` is "Other". */
  cursor: number;
  /** Ticked options of a multi-select question. */
  ticked: number[];
  /** Typing the "Other" answer. */
  typing: boolean;
  text: string;
  answers: Record<string, string>;
}

export interface PlanUi {
  selected: number;
  /** Typing feedback after "Keep planning". */
  typing: boolean;
  text: string;
  /** Plan rows scrolled past. */
  scroll: number;
}
