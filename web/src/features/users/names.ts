// The edit dialog has one Name field; the server keeps first and last name apart (split on
// the first space).

export function splitName(name: string): { firstname: string; lastname: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const space = trimmed.indexOf(" ");
  if (space < 0) return { firstname: trimmed, lastname: "" };
  return { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1) };
}

export function joinName(user: { firstname?: string; lastname?: string }): string {
  return [user.firstname, user.lastname].filter(Boolean).join(" ");
}
