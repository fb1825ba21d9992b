/**
 * What a script needs besides the page: where the two APIs and their reference are, and the commands
 * that give a key and the admin token (for this folder).
 */
export function whereScriptsGo(origin: string, dataFlag: string | undefined): string {
  const data = dataFlag === undefined ? '' : ` --data ${JSON.stringify(dataFlag)}`;
  return (
    `  API: ${origin}/api/v1/open with an sk- key (npx crossbuy keys create --name script --scopes all${data}), ` +
    `${origin}/api/v1/admin with the admin token (npx crossbuy admin token${data})\n` +
    `  reference: ${origin}/docs\n`
  );
}
