// Tags typed in one field, separated by commas: trimmed, empty ones and
// repeats dropped, in the order typed.

export const parsedTags = (text: string): string[] => [
  ...new Set(
    text
      .split(",")
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ""),
  ),
];

export const tagsText = (tags: readonly string[]): string => tags.join(", ");
