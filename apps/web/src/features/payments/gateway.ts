import type { TGatewayRedirect } from '@erp/shared';

/** Sends the browser to the gateway: the demo page by address, Lyra by posting its signed form. */
export function goToGateway(redirect: TGatewayRedirect) {
  if (redirect.method === 'GET') {
    window.location.assign(redirect.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
