// Prints one part of a page (see the `data-print-part` rules in index.css): the body is marked
// while the browser's print dialog is open, so the rest of the page stays off the paper.
export function printPart() {
  document.body.dataset.printPart = 'true';
  const done = () => {
    delete document.body.dataset.printPart;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
