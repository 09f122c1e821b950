active proctype P()
{
    printf("hello
}
