/** Suggestions start with the second character (the server answers none before). */
export const MIN_SUGGEST_LENGTH = 2;

/** The id of suggestion i of list listId (the combobox's aria-activedescendant). */
export const suggestionId = (listId: string, i: number) => `${listId}-option-${i}`;
