/**
 * The script a ticket page loads from the same origin (the content security policy allows 'self' scripts and no inline
 * ones; a nonce would not reach the page either, since the app shows it from a blob that keeps the app's policy).
 * On load it sizes the page to the ticket (80 mm wide, as long as the ticket plus its 3 mm margins), opens the print
 * dialog, and closes the tab once the dialog is done, printed or cancelled: the point of sale waits for that.
 */
export const PRINT_SCRIPT = `'use strict';
(function () {
  var PX_PER_MM = 96 / 25.4;
  function fitPage() {
    var ticket = document.querySelector('.ticket');
    if (!ticket) return;
    var length = Math.ceil(ticket.getBoundingClientRect().height / PX_PER_MM) + 8;
    var style = document.createElement('style');
    style.textContent = '@page{size:80mm ' + length + 'mm;margin:3mm}';
    document.head.appendChild(style);
  }
  window.addEventListener('afterprint', function () {
    window.close();
  });
  window.addEventListener('load', function () {
    fitPage();
    window.print();
  });
})();
`;
