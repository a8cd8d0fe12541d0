/** A chosen file's text (a CSV of codes): read in the browser, sent as the same text a paste sends. */
export const readFileText = (input: HTMLInputElement): Promise<string | null> => {
  const file = input.files?.[0];
  input.value = ''; // the same file chosen again reads again
  return file ? file.text() : Promise.resolve(null);
};
