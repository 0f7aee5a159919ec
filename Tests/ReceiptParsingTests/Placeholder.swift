// Placeholder so the test target builds until its issue adds tests; delete when adding real ones.
