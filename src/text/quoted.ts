/** A filter's query in double quotes for a message or the header, unless it is already a phrase in them (`"北京 产品"`). */
export const quotedOnce = (query: string): string => (/^".*"$/u.test(query) ? query : `"${query}"`);
