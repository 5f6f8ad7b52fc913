/** "1 enquiry", "2 enquiries": a count with its noun in the right number (`many` when not just `one` + s). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
