/**
 * The only logging of the lead pipeline. It records kind, id (a random UUID), status and a short
 * note, never a name, phone, e-mail or message.
 */
export const logLead = (entry: { kind: string; id?: string; status: number | string; note?: string }) => {
  console.log(JSON.stringify({ at: 'leads', ...entry }));
};
