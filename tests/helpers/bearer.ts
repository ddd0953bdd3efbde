/** GraphQL the way an integrator calls it: `Authorization: Bearer <token>`. */
export async function bearerGql(baseUrl: string, token: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any };
}
