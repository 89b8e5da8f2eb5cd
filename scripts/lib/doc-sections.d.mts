export function withSection(text: string, name: string, body: string): string;
